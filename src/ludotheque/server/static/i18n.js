// The pages' scripts speak their reader's language: each sentence is written in English and
// looked up in the messages the page carries (#messages, the catalog's sentences of the
// scripts in the reader's language, put in by the server); {names} are filled in.
const element = document.getElementById("messages");
const messages = element ? JSON.parse(element.textContent) : {};

const fill = (said, names) =>
  said.replace(/\{(\w+)\}/g, (whole, name) => (name in names ? String(names[name]) : whole));

export function _(message, names = {}) {
  return fill(messages[message] || message, names);
}

// The singular or the plural as count and the page's language have it (the browser's own
// plural rules); {count} and the names filled in. A plural's messages are [singular, plural].
const rules = new Intl.PluralRules(document.documentElement.lang || "en");
export function ngettext(singular, plural, count, names = {}) {
  const forms = messages[singular] || [singular, plural];
  return fill(forms[rules.select(count) === "one" ? 0 : 1], { count, ...names });
}

/**
 * What a sentence of the game says, read back: the values of its {placeholders}, where `said`
 * was made from one of `templates` (each sentence in English and in the reader's language,
 * since a view's sentences may be told in either); null if it was made from none of them.
 * told("south discards Oise.", "{seat} discards {card}.") → { seat: "south", card: "Oise" }
 */
export function told(said, ...templates) {
  for (const template of templates) {
    const names = [];
    const pattern = template.split(/\{(\w+)\}/).map((part, i) => {
      if (i % 2) { names.push(part); return "(.+?)"; }
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }).join("");
    const m = new RegExp(`^${pattern}$`).exec(said || "");
    if (m) return Object.fromEntries(names.map((name, i) => [name, m[i + 1]]));
  }
  return null;
}
