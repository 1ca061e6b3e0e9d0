import { LANGUAGES, type Language } from '@roomweek/contract';
import { usePublicConfig } from '@/config/public-config';
import { useLanguage, useTranslation } from '@/lib/i18n';

/** Open Graph names each language with a region (docs/behaviour.md §16). */
const OG_LOCALES: Record<Language, string> = { fr: 'fr_FR', es: 'es_ES', pt: 'pt_PT', en: 'en_GB' };
/** Search results cut a description at about this many characters. */
const DESCRIPTION_LENGTH = 160;

export interface PageMetaProps {
  title: string;
  description: string;
  /** The page's path (with the query that makes it a page of its own, if any): its canonical address and each language's are built from it. */
  path: string;
  /** The photo of a link's preview (a site path or an absolute URL). */
  image?: string | undefined;
  /** Pages a search engine should not list (sign-in forms, a missing page). */
  noIndex?: boolean;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/**
 * A page's title, description, canonical address, its four languages (`hreflang`, `x-default` for the negotiated
 * one) and its link preview (Open Graph, Twitter card). React puts them in the document's head; the server sends
 * them in the HTML, so a search engine and a link pasted in WhatsApp see them without running any script.
 */
export function PageMeta({ title, description, path, image, noIndex = false }: PageMetaProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { config } = usePublicConfig();
  const origin = config.site_url || (typeof window === 'undefined' ? '' : window.location.origin);
  const at = (lang: Language | null) => `${origin}${path}${lang ? `${path.includes('?') ? '&' : '?'}lang=${lang}` : ''}`;
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);
  const summary = shorten(description);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={summary} />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      {/* A page kept out of search results has no address to offer in its place. */}
      {noIndex ? null : <link rel="canonical" href={at(language)} />}
      {noIndex
        ? null
        : LANGUAGES.map((lang) => <link key={lang} rel="alternate" hrefLang={lang} href={at(lang)} />)}
      {noIndex ? null : <link rel="alternate" hrefLang="x-default" href={at(null)} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('app.name')} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={summary} />
      {noIndex ? null : <meta property="og:url" content={at(language)} />}
      <meta property="og:locale" content={OG_LOCALES[language]} />
      {image ? <meta property="og:image" content={absolute(image)} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={summary} />
      {image ? <meta name="twitter:image" content={absolute(image)} /> : null}
    </>
  );
}
