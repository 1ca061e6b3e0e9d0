import { SaxesParser } from 'saxes';

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export interface XmlElement {
  /** `{namespace URI}local name`, e.g. `{http://www.w3.org/1999/xhtml}link`. */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * Parses XML with saxes, a strict XML 1.0 + namespaces parser: any well-formedness error (a bare `&`, a `<` in an
 * attribute, an unknown entity, an unbound prefix such as `xhtml:` without its xmlns) throws.
 */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns') attributes[attribute.local] = attribute.value;
    }
    const element: XmlElement = { name: `{${tag.uri}}${tag.local}`, attributes, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  if (failure) throw failure;
  if (!root) throw new Error('no root element');
  return root;
}

/** One `<url>` of a urlset: its `<loc>` and its alternates in document order. */
export interface SitemapUrl {
  loc: string;
  alternates: { hreflang: string; href: string; rel: string }[];
}

/** A sitemap's `<url>`s, checking the urlset's shape on the way (namespaces, one loc, nothing else). */
export function sitemapUrls(xml: string): SitemapUrl[] {
  const root = parseXml(xml);
  if (root.name !== `{${SITEMAP_NS}}urlset`) throw new Error(`root is ${root.name}, not a sitemap urlset`);
  return root.children.map((url) => {
    if (url.name !== `{${SITEMAP_NS}}url`) throw new Error(`unexpected ${url.name} in the urlset`);
    const locs = url.children.filter((child) => child.name === `{${SITEMAP_NS}}loc`);
    const links = url.children.filter((child) => child.name === `{${XHTML_NS}}link`);
    if (locs.length !== 1 || locs.length + links.length !== url.children.length) throw new Error('a <url> holds one <loc> and xhtml:links only');
    return {
      loc: locs[0]!.text,
      alternates: links.map((link) => ({ rel: link.attributes.rel ?? '', hreflang: link.attributes.hreflang ?? '', href: link.attributes.href ?? '' })),
    };
  });
}

/** A sitemap index's `<loc>`s. */
export function sitemapIndexLocs(xml: string): string[] {
  const root = parseXml(xml);
  if (root.name !== `{${SITEMAP_NS}}sitemapindex`) throw new Error(`root is ${root.name}, not a sitemap index`);
  return root.children.map((sitemap) => {
    const [loc] = sitemap.children;
    if (sitemap.name !== `{${SITEMAP_NS}}sitemap` || sitemap.children.length !== 1 || loc?.name !== `{${SITEMAP_NS}}loc`) {
      throw new Error('a <sitemap> holds one <loc>');
    }
    return loc.text;
  });
}
