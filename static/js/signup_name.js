// Sign-up: the public name is prefilled with the username as it is typed, until the person
// types a name of their own (or the field already held one: this device's guest name).
// Without this script an empty public name still means the username (accounts.signup).
"use strict";
(function () {
  const username = document.getElementById("id_username");
  const name = document.getElementById("id_public_name");
  if (!username || !name) return;
  let following = name.value === "" || name.value === username.value;
  username.addEventListener("input", function () {
    if (following) name.value = username.value;
  });
  name.addEventListener("input", function () {
    following = name.value === "" || name.value === username.value;
  });
})();
