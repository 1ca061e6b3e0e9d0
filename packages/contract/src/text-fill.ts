/** `{{name}}` placeholders (spaces inside the braces allowed), as the translations and the e-mail texts write them. */
const PLACEHOLDER = /{{\s*([^{}\s]+)\s*}}/g;

/**
 * Fills a text's `{{name}}` placeholders from `values`; one without a value stays as it is, visible rather than
 * silently empty. Used by the web's translations, the e-mails and the message subjects alike. No escaping: the caller
 * escapes for HTML where it needs to (React does on screen).
 */
export function fillText(text: string, values: Readonly<Record<string, unknown>> = {}): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}
