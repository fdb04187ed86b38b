/**
 * Google reCAPTCHA v3 in the browser: loads Google's script once with the site key and asks it for a
 * token per form submit. The server verifies the token (server/src/lib/recaptcha.ts).
 */
interface Grecaptcha { ready(cb: () => void): void; execute(siteKey: string, opts: { action: string }): Promise<string> }
declare global { interface Window { grecaptcha?: Grecaptcha } }

let loading: Promise<Grecaptcha> | null = null;

function load(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => window.grecaptcha!.ready(() => resolve(window.grecaptcha!));
    script.onerror = () => { loading = null; reject(new Error('recaptcha script failed to load')); };
    document.head.appendChild(script);
  });
  return loading;
}

/** A token for `action`, or undefined when the script cannot be loaded (the server then refuses the form). */
export async function recaptchaToken(siteKey: string, action: string): Promise<string | undefined> {
  try {
    const g = await load(siteKey);
    return await g.execute(siteKey, { action });
  } catch {
    return undefined;
  }
}
