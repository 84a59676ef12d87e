/**
 * The web app manifest and Cairn's icons, linked once the first screen is up: fetched at start they
 * compete with the start-up code for the browser's few connections (about 10 ms of the first
 * screen on the bench). Browsers read them from the document whenever they are added.
 */
export function linkInstallFiles(doc: Document = document): void {
  const add = (rel: string, href: string, type?: string) => {
    const link = doc.createElement('link');
    link.rel = rel;
    link.href = href;
    if (type) link.type = type;
    doc.head.append(link);
  };
  doc.querySelector('link[rel="icon"]')?.remove();
  add('icon', './icons/cairn.svg', 'image/svg+xml');
  add('apple-touch-icon', './icons/cairn-192.png');
  add('manifest', './manifest.webmanifest');
}
