export function draw(board, view, ctx) {
  board.innerHTML = `<pre>${JSON.stringify(view, null, 1).slice(0, 1500)}</pre>`;
}
