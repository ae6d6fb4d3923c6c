// Replaying a record file: the file is read here and posted to /replay, which shows it.
const input = document.getElementById("record-file");
input.addEventListener("change", async () => {
  const file = input.files[0];
  if (!file) return;
  const response = await fetch("/replay", { method: "POST", body: await file.text() });
  document.open();
  document.write(await response.text());
  document.close();
});
