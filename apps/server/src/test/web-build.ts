import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A web build in a temporary folder, each file by its path in the folder (`prerendered/terms.html`,
 * `assets/members-Ab12Cd34.js.br`), as apps/web's build writes them. Answers the folder.
 */
export function writeWebBuild(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rhema-web-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** Removes a folder `writeWebBuild` wrote. */
export function removeWebBuild(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
