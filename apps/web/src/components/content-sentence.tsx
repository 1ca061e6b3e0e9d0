import type { Language } from '@roomweek/contract';

/** Where the text goes in the translated sentence: characters no translation contains. */
const SLOT = '\u2063\u2060\u2063';

/**
 * A translated sentence around a text of content ("Room 101 at {{property}}"), that text marked with its own `lang`
 * when it is not in the page's language (docs/behaviour.md §15); otherwise the plain sentence.
 */
export function ContentSentence({ sentence, text, lang }: { sentence: (slot: string) => string; text: string; lang: Language | undefined }) {
  if (!lang) return <>{sentence(text)}</>;
  const [before, ...rest] = sentence(SLOT).split(SLOT);
  if (rest.length === 0) return <>{sentence(text)}</>;
  return (
    <>
      {before}
      <span lang={lang}>{text}</span>
      {rest.join(text)}
    </>
  );
}
