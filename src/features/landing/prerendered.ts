/**
 * The attribute of the global style tag of a page sent as HTML (the prerendered landing page, a
 * server-rendered page): the dark theme's, which the app removes once its own are in place.
 */
export const PRERENDERED_GLOBAL_STYLE = 'data-prerendered-global';
