/**
 * schema.org AggregateRating of a property in JSON-LD (docs/decisions/0035), in the server's HTML so search engines read
 * it. `<`, `>` and `&` are written as JSON escapes, so no text in it (the property's name) can close the script.
 */
export function AggregateRatingJsonLd({ name, url, average, count }: { name: string; url: string; average: number | null | undefined; count: number | undefined }) {
  if (!count || average === null || average === undefined) return null;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LodgingBusiness',
    name,
    url,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: average, reviewCount: count, bestRating: 5, worstRating: 1 },
  };
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
