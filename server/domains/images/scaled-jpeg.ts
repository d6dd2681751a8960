import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A JPEG decoded at 1/2, 1/4 or 1/8 of its size by libjpeg itself (scaled IDCT): a 12 MP photo
 * bound for 1440x1080 is decoded at 2000x1500 instead of whole, a quarter of the inverse DCT,
 * colour conversion and resampling (its decode ~45 -> ~35 ms of CPU). sharp never does
 * this for a downscale between 2 and 3: it lowers its shrink-on-load by one step whenever the
 * downscale's integer part equals it (libjpeg rounding), and its buffer input takes no loader
 * options. libvips reads them from a file name ("photo.jpg[shrink=2]"), so the upload is written
 * to a file of our own in a private directory (0700; exclusive create, 0600, random name),
 * decoded from there and removed at once.
 *
 * Resolves to null when no such file can be written (read-only or full temporary directory, a
 * path libvips would misread): the caller then decodes from memory at full scale, as before.
 */
export async function withScaledJpeg<T>(bytes: Buffer, shrink: 2 | 4 | 8, decode: (input: string) => Promise<T>): Promise<T | null> {
  const dir = await privateDir();
  if (!dir) return null;
  const file = path.join(dir, `${randomBytes(12).toString('hex')}.jpg`);
  try {
    await fs.writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // The directory may have been cleaned away under a long-running server: made again next time.
    if (code === 'ENOENT') directory = undefined;
    // A partly written file (disk full) goes; a name that already existed is not ours.
    if (code !== 'EEXIST') await fs.rm(file, { force: true }).catch(() => {});
    return null;
  }
  try {
    return await decode(`${file}[shrink=${shrink}]`);
  } finally {
    await fs.rm(file, { force: true });
  }
}

let directory: Promise<string | null> | undefined;

/** Every directory made (one, unless it was cleaned away), removed when the process exits. */
const madeDirs: string[] = [];
const removeMadeDirs = () => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
};

function privateDir(): Promise<string | null> {
  directory ??= fs.mkdtemp(path.join(os.tmpdir(), 'inklink-decode-')).then(
    (dir) => {
      if (madeDirs.push(dir) === 1) process.once('exit', removeMadeDirs);
      // libvips splits its options off at the last '[': a directory with brackets would be misread.
      return /[[\]]/.test(dir) ? null : dir;
    },
    () => {
      // Tried again at the next upload: a full or missing temporary directory may be mended.
      directory = undefined;
      return null;
    },
  );
  return directory;
}
