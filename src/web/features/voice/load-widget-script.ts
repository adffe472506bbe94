// The provider's embed script is loaded once per page life: one promise per URL, shared by every
// mount of the widget. A failed or timed-out load is forgotten so a later visit can try again.

export const WIDGET_SCRIPT_TIMEOUT_MS = 10_000;

const loads = new Map<string, Promise<void>>();

export function loadWidgetScript(
  url: string,
  timeoutMs: number = WIDGET_SCRIPT_TIMEOUT_MS,
): Promise<void> {
  let load = loads.get(url);
  if (!load) {
    load = injectScript(url, timeoutMs);
    loads.set(url, load);
    load.catch(() => loads.delete(url));
  }
  return load;
}

function injectScript(url: string, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.type = 'text/javascript';

    const fail = (reason: string) => {
      cleanup();
      script.remove();
      reject(new Error(`Voice widget script ${reason}: ${url}`));
    };
    const timer = window.setTimeout(() => fail('timed out'), timeoutMs);
    const onLoad = () => {
      cleanup();
      resolve();
    };
    const onError = () => fail('failed to load');
    function cleanup() {
      window.clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
    }

    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    document.head.appendChild(script);
  });
}
