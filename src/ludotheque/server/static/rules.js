// A page shared by two rule sets opens at the section of the one asked for: the heading that
// names its id (the page's own script, the Content-Security-Policy allowing no inline one).
const rules = document.querySelector(".rules");
const id = rules.dataset.ruleSet;
const heading = [...rules.querySelectorAll("h1, h2, h3")]
  .find((h) => [...h.querySelectorAll("code")].some((c) => c.textContent === id));
if (heading && rules.dataset.shared !== undefined) {
  heading.id = `rules-of-${id}`;
  if (!location.hash) heading.scrollIntoView();
}
