/** How each asset type looks on the canvas (the table is shared with the exports). */
import { ASSET_LOOKS } from '../../shared/model/asset-looks';
import type { AssetType } from '../../shared/model/asset';

export { ASSET_LOOKS, type AssetLook } from '../../shared/model/asset-looks';

/** An SVG icon (data URI) with the type's glyph, drawn by the canvas inside the node. */
export function iconDataUri(type: AssetType): string {
  const look = ASSET_LOOKS[type];
  const size = look.glyph.length >= 3 ? 11 : 14;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">` +
    `<text x="20" y="25" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#ffffff" text-anchor="middle">${look.glyph.replace('$', '&#36;')}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}
