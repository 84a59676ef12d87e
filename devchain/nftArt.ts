// Token metadata for the demo NFT collection as self-contained data: URIs (JSON with an SVG
// image), so no image host is needed and nothing leaves the machine.
const palettes = [
  ['#2f5d62', '#a7c4bc'],
  ['#5e3b50', '#e3b7a0'],
  ['#3d405b', '#f2cc8f'],
  ['#264653', '#e9c46a'],
  ['#6b2d5c', '#f0a6ca'],
] as const;

function svg(id: number): string {
  const [dark, light] = palettes[(id - 1) % palettes.length] ?? palettes[0];
  const stones = Array.from({ length: 3 + (id % 3) }, (_, i) => {
    const width = 90 - i * 16;
    const y = 200 - i * 34;
    return `<ellipse cx="120" cy="${y}" rx="${width / 2}" ry="16" fill="${i % 2 ? light : dark}" stroke="${dark}" stroke-width="3"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240"><rect width="240" height="240" fill="${light}" opacity="0.35"/>${stones}<text x="120" y="232" font-family="sans-serif" font-size="14" text-anchor="middle" fill="${dark}">Cairn #${id}</text></svg>`;
}

export function demoNftUri(id: number): string {
  const image = `data:image/svg+xml;base64,${Buffer.from(svg(id)).toString('base64')}`;
  const metadata = {
    name: `Cairn #${id}`,
    description: 'A demo NFT on Cairn’s local chain. It exists only on this machine.',
    image,
    attributes: [{ trait_type: 'Stones', value: 3 + (id % 3) }],
  };
  return `data:application/json;base64,${Buffer.from(JSON.stringify(metadata)).toString('base64')}`;
}
