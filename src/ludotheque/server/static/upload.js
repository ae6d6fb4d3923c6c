// Replaying a record file: the file is read here and sent with the lobby's form, whose answer,
// the replay's page, the browser opens as any form's.
const form = document.getElementById("upload");
const input = document.getElementById("record-file");
input.addEventListener("change", async () => {
  const file = input.files[0];
  if (!file) return;
  form.elements.namedItem("record").value = await file.text();
  form.submit();
});
