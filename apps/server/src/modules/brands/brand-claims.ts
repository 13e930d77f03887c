/**
 * Which GTINs a brand partner may write content for (ADR 0022). A GTIN is its own when the barcode
 * starts with one of its GS1 company prefixes (as printed, or in its 13-digit form, so a UPC-A
 * "036000…" matches the prefix "0036000"), or when the catalogue's shared content for it names one
 * of its brands (case aside). A brand name alone never claims a barcode the catalogue does not have
 * yet: anyone can type a brand, so new barcodes need a prefix.
 */
export interface BrandClaims {
  brands: readonly string[];
  gtinPrefixes: readonly string[];
}

export function prefixClaims(claims: BrandClaims, gtin: string): boolean {
  const long = gtin.padStart(13, '0');
  return claims.gtinPrefixes.some((prefix) => gtin.startsWith(prefix) || long.startsWith(prefix));
}

export function brandClaims(claims: BrandClaims, brand: string | null | undefined): boolean {
  if (!brand) return false;
  const wanted = brand.trim().toLowerCase();
  return claims.brands.some((name) => name.trim().toLowerCase() === wanted);
}

/** Two claims overlap when one prefix starts the other, or the brands are the same name. */
export function overlappingClaim(mine: BrandClaims, other: BrandClaims): string | null {
  for (const prefix of mine.gtinPrefixes) {
    if (
      other.gtinPrefixes.some((theirs) => prefix.startsWith(theirs) || theirs.startsWith(prefix))
    ) {
      return prefix;
    }
  }
  for (const brand of mine.brands) if (brandClaims(other, brand)) return brand;
  return null;
}
