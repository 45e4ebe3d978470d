/**
 * The browser's side of web push (issue #31): the service worker at /sw.js, the notification
 * permission and PushManager subscriptions made with the server's VAPID public key.
 */

export type PushSupport = 'supported' | 'unsupported';

export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
    ? 'supported'
    : 'unsupported';
}

/** Registered on every page load: it makes the app installable and is where pushes arrive. */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('The service worker could not be registered:', error);
  });
}

/** base64url (the server's key) to the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (
    (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register('/sw.js', { scope: '/' })
  );
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

export class PermissionRefused extends Error {
  override name = 'PermissionRefused';
}

/**
 * Asks for permission (a click must have led here) and subscribes this browser. A subscription
 * made with another key (the server's key changed) or refused by the server (`fresh`) is dropped
 * and made anew, which gives a new endpoint.
 */
export async function subscribeBrowser(publicKey: string, { fresh = false } = {}): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused(permission);
  const reg = await registration();
  await navigator.serviceWorker.ready;
  const key = base64UrlToBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing) {
    const existingKey = existing.options.applicationServerKey;
    const same =
      existingKey && new Uint8Array(existingKey).every((b, i) => b === key[i]) && existingKey.byteLength === key.length;
    if (same && !fresh) return existing;
    await existing.unsubscribe();
  }
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** "Chrome on Android": enough to tell one's devices apart in the list. */
export function deviceLabel(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'another system';
  return `${browser} on ${system}`;
}
