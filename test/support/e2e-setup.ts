import { ensureClientBuild } from '../../scripts/client-build';
import { ensureServerBuild } from '../../scripts/server-build';

/** The browser suite runs against the production build: build it if it is missing or stale. */
export default function setup() {
  ensureClientBuild();
  ensureServerBuild();
}
