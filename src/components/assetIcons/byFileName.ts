/** URLs of icon files by their name without folder and `.svg`: `./web3icons/token-DAI.svg` → `token-DAI`. */
export function byFileName(files: Record<string, string>): ReadonlyMap<string, string> {
  return new Map(Object.entries(files).map(([path, url]) => [path.replace(/^.*\/|\.svg$/g, ''), url]));
}
