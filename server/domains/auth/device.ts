import Bowser from 'bowser';

/**
 * A session's device as people say it: "Chrome on Linux", "Safari on iOS"; the browser or the
 * system alone when only one is known; null when the user-agent says neither (or is missing).
 */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent?.trim()) return null;
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || null;
}
