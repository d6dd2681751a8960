// The admin console: a second entry of the same Vite build (admin.html), served on the admin host
// (docs/decisions/005-admin-console.md). Everything loads through this dynamic import, so the
// bundler keeps the console's modules in chunks of their own instead of merging them into chunks
// the main site loads up front.
import '../csp';

void import('./boot');
