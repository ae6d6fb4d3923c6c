// Tiddledy Winks (E. I. Horsman, c. 1890): the card table, its bone cup and, under the
// variations, its chalk ring, drawn and played by winks.js.
export { draw, previewed, shown } from "./winks.js";
