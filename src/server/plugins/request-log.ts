// One log line per request, when it is answered (Fastify's default writes two: one on arrival,
// one on completion), through Fastify's own extension point for its request logging. /health is
// logged at debug: load balancers poll it every few seconds. Errors keep Fastify's own line.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  /** The request's own line already says 404. */
  override routeNotFound() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const level = request.url === '/health' ? 'debug' : 'info';
    reply.log[level](
      {
        method: request.method,
        url: request.routeOptions.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  }
}
