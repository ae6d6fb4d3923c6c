// A new table's form: the seats shown are those of the number of players chosen, each named.
const form = document.getElementById("new-table");
const names = JSON.parse(form.dataset.names);
const players = form.elements.namedItem("players");

function showSeats() {
  const counts = Object.keys(names).map(Number);
  const count = players ? Number(players.value) : Math.max(...counts);
  const named = names[count] || names[Math.max(...counts)];
  for (const field of form.querySelectorAll(".seat")) {
    const seat = Number(field.dataset.seat);
    field.hidden = seat >= named.length;
    field.querySelector("select").disabled = field.hidden;
    field.querySelector(".seat-name").textContent = seat < named.length ? `(${named[seat]})` : "";
  }
}
if (players) players.addEventListener("change", showSeats);
showSeats();
