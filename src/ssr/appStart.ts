// The app's scripts in index.html, held back until the page has painted (decision 035). The build
// (scripts/start-after-paint.ts) puts the page's module script and its modulepreloads in this
// template, where they are inert, and adds the start script (src/start/start.ts), which makes
// them live once a server-rendered page has painted, at once on any other page. The server adds a
// page's route preloads to the same template (server/http/app-shell.ts).

export const APP_START_TEMPLATE_ID = 'app-start';
export const APP_START_OPEN = `<template id="${APP_START_TEMPLATE_ID}">`;
export const APP_START_CLOSE = '</template>';
