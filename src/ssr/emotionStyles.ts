import type { EmotionCache } from '@emotion/cache';

/**
 * The attribute of a server-rendered page's global style tag: the app removes it once its own global
 * styles are in place (the visitor may switch the theme, and the server's would stay behind).
 */
export const SERVER_GLOBAL_STYLE = 'data-server-global';

/**
 * The style tags of the CSS a server render used, from an emotion cache made with `compat` (its rules
 * are collected in cache.inserted, as @emotion/server does, instead of inline tags). The components'
 * tag carries emotion's ids (`data-emotion="css …"`), so the browser's emotion cache adopts these
 * rules instead of inserting them a second time. The global rules (CssBaseline's) are tagged so
 * that the app removes them once its own are in place (see SERVER_GLOBAL_STYLE).
 */
export function emotionStyleTags(cache: EmotionCache): string {
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  // A component's rules are scoped by its class (.css-<id>); the rest are global.
  const scoped = rules.filter(([id, css]) => css.includes(`.${cache.key}-${id}`));
  const global = rules.filter((rule) => !scoped.includes(rule));
  const css = (list: typeof rules) => list.map(([, text]) => text).join('');
  return (
    `<style ${SERVER_GLOBAL_STYLE}>${css(global)}</style>` +
    `<style data-emotion="${cache.key} ${scoped.map(([id]) => id).join(' ')}">${css(scoped)}</style>`
  );
}
