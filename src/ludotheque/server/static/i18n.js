// The pages' scripts speak their reader's language: each sentence is written in English and
// looked up in the messages the page carries (#messages, the catalog's sentences of the
// scripts in the reader's language, put in by the server); {names} are filled in.
const element = document.getElementById("messages");
const messages = element ? JSON.parse(element.textContent) : {};

export function _(message, names = {}) {
  const said = messages[message] || message;
  return said.replace(/\{(\w+)\}/g, (whole, name) => (name in names ? String(names[name]) : whole));
}
