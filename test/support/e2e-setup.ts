import { ensureClientBuild } from '../../scripts/client-build';

/** The browser suite runs against the production build: build it if it is missing or stale. */
export default function setup() {
  ensureClientBuild();
}
