// Text made safe for the reports. Model output, test vars, labels and server errors are untrusted: they go into
// XML and HTML only through these. Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates,
// U+FFFE/U+FFFF) become U+FFFD, since no entity can stand for them and a JUnit reader would reject the file;
// the HTML report drops them the same way so both files show the same text.

const NOT_CHARACTERS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_TEXT = /[&<>\r]/g;
const XML_ATTRIBUTE = /[&<>"'\t\n\r]/g;
const HTML = /[&<>"']/g;

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // Kept as references so an XML reader does not normalise them (line ends to \n, attribute whitespace to spaces).
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

const htmlEntities: Record<string, string> = { ...entities, "'": '&#39;' };

function characters(text: string): string {
  return text.replace(NOT_CHARACTERS, '\uFFFD');
}

/** Element content; `]]>` needs nothing more since `>` is escaped. */
export function xmlText(text: string): string {
  return characters(text).replace(XML_TEXT, (c) => entities[c]);
}

/** An attribute value, to go between double quotes. */
export function xmlAttribute(text: string): string {
  return characters(text).replace(XML_ATTRIBUTE, (c) => entities[c]);
}

/** Element content or a double-quoted attribute value. */
export function htmlText(text: string): string {
  return characters(text).replace(HTML, (c) => htmlEntities[c]);
}
