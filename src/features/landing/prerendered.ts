/** The attribute of the prerendered landing page's global style tag (which the app removes once it runs). */
export const PRERENDERED_GLOBAL_STYLE = 'data-prerendered-global';
