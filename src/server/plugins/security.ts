import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * The origins the voice widget needs, only when it can be shown (VOICE_AGENT_ID set): the
 * embed script's origin, and the provider's API over HTTPS and WebSocket (from
 * ELEVENLABS_BASE_URL), plus its LiveKit WebRTC signalling host (api.X -> livekit.rtc.X, as
 * the provider's client derives it).
 */
export function voiceWidgetOrigins(voice: Config['voice']): {
  script: string[];
  connect: string[];
} {
  if (!voice.agentId) return { script: [], connect: [] };
  const script = [new URL(voice.widgetScriptUrl).origin];
  const api = new URL(voice.baseUrl);
  const socket = `${api.protocol === 'http:' ? 'ws:' : 'wss:'}//${api.host}`;
  const connect = [api.origin, socket];
  if (api.hostname.startsWith('api.')) {
    const livekit = `livekit.rtc.${api.hostname.slice('api.'.length)}`;
    connect.push(`wss://${livekit}`, `https://${livekit}`);
  }
  return { script, connect: [...new Set(connect)] };
}

/**
 * Security headers with a strict Content-Security-Policy: our own origin only. Styles allow
 * 'unsafe-inline' because the toast library injects a <style> element; scripts never do.
 * Features that need another origin (the voice widget) add exactly that origin here.
 *
 * helmet builds its headers (the policy string included) once, here; every response then only
 * sets them. (@fastify/helmet rebuilt them, policy parsing and all, on every request: 4 % of
 * the server's time under load, issue 15.)
 */
async function securityPlugin(app: FastifyInstance, options: { voice?: Config['voice'] }) {
  const voice = options.voice ? voiceWidgetOrigins(options.voice) : { script: [], connect: [] };
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...voice.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...voice.connect],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // The refresh cookie is SameSite=Strict; pages must still load when opened from links.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

export const security = fp(securityPlugin, { name: 'security' });
