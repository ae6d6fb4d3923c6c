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
