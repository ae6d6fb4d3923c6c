// Cabriole ou Jeu de la puce (Mauclair-Dacier, c. 1900): the round table, its cup and its
// lake, drawn and played by winks.js.
export { draw, previewed, shown } from "./winks.js";
