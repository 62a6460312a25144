// The page's own script, which html-page.ts puts inline: it draws the diagram from the data
// element, opens an arrow's details in a dialog (a button per arrow, so Tab reaches it and Enter
// opens it; Escape closes), and on serve's live page asks the server for the session again every
// half second. It builds every node with textContent: nothing from the run is read as markup. It
// loads nothing.

(() => {
  const source = document.getElementById("run-data");
  let data = JSON.parse(source.textContent);
  const main = document.querySelector("main");
  const dialog = document.getElementById("details");
  const select = document.getElementById("provider");
  let opened = null;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  const json = (value) => (value === undefined ? "—" : JSON.stringify(value, null, 2));

  function drawEpisode(episode, episodeIndex) {
    main.append(el("h2", "", episode.heading));
    const grid = el("div", "diagram");
    const lanes = episode.lanes.length;
    grid.style.setProperty("--lanes", String(lanes));
    const column = new Map(episode.lanes.map((lane, index) => [lane.id, index + 1]));
    const name = new Map(episode.lanes.map((lane) => [lane.id, lane.name]));
    const rows = episode.arrows.length + 2;
    episode.lanes.forEach((lane, index) => {
      const title = el("div", "lane-name", lane.name);
      title.style.gridColumn = String(index + 1);
      const life = el("div", "lifeline");
      life.style.gridColumn = String(index + 1);
      life.style.gridRow = `2 / ${String(rows + 1)}`;
      grid.append(title, life);
    });
    if (episode.arrows.length === 0) grid.append(el("div", "empty", data.words.liveWaiting));
    episode.arrows.forEach((arrow, arrowIndex) => {
      const from = column.get(arrow.from) || 1;
      const to = column.get(arrow.to) || 1;
      const self = from === to;
      const low = self ? Math.min(from, Math.max(1, lanes - 1)) : Math.min(from, to);
      const high = self ? Math.min(low + 1, lanes) : Math.max(from, to);
      const classes = ["arrow", arrow.style, arrow.answer ? "answer" : "", self ? "self" : "", to < from ? "left" : ""];
      const button = el("button", classes.filter(Boolean).join(" "));
      button.type = "button";
      button.style.gridColumn = `${String(low)} / ${String(high + 1)}`;
      button.style.gridRow = String(arrowIndex + 2);
      button.style.setProperty("--span", String(high - low + 1));
      button.dataset.episode = String(episodeIndex);
      button.dataset.arrow = String(arrowIndex);
      button.append(el("span", "who", `${name.get(arrow.from)} → ${name.get(arrow.to)}`), el("span", "text", arrow.label), el("span", "line"));
      button.addEventListener("click", () => open(episodeIndex, arrowIndex));
      grid.append(button);
    });
    if (episode.end) {
      const end = el("div", "end", episode.end);
      end.style.gridRow = String(rows);
      grid.append(end);
    }
    main.append(grid);
  }

  function draw() {
    main.replaceChildren();
    data.episodes.forEach(drawEpisode);
  }

  function bodyAt(episode, request, provider) {
    const parts = episode.bodies.requests[request]?.[provider];
    if (!parts) return undefined;
    const body = JSON.parse(JSON.stringify(episode.bodies.heads[parts.head]));
    body[parts.key] = episode.bodies.lists[parts.list].slice(0, parts.length).concat(parts.tail);
    return body;
  }

  function fill() {
    if (opened === null) return;
    const episode = data.episodes[opened.episode];
    const arrow = episode.arrows[opened.arrow];
    document.getElementById("details-title").textContent = arrow.label;
    document.getElementById("details-message").textContent = json(arrow.message);
    const request = arrow.request;
    const known = request >= 0 && request < episode.requests.length;
    const length = known ? episode.requests[request] : 0;
    document.getElementById("history-section").hidden = !known;
    document.getElementById("body-section").hidden = data.providers.length === 0;
    document.getElementById("details-history-title").textContent = known ? data.words.historyAt[length] : "";
    document.getElementById("details-history").textContent = known ? json(episode.history.slice(0, length)) : "";
    document.getElementById("details-body").textContent = known ? json(bodyAt(episode, request, select.value)) : data.words.noRequest;
  }

  function open(episode, arrow) {
    opened = { episode, arrow };
    fill();
    if (!dialog.open) dialog.showModal();
  }

  for (const provider of data.providers) {
    const option = el("option", "", provider.name);
    option.value = provider.id;
    select.append(option);
  }
  select.addEventListener("change", fill);
  document.getElementById("close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => (opened = null));
  draw();

  if (data.live) {
    // What changes with each exchange: the arrows' count, and once the oldest are left out (the
    // count then stays), the title's note of how many.
    const shape = (session) => `${session.episodes.reduce((sum, episode) => sum + episode.arrows.length, 0)} ${session.title}`;
    const poll = async () => {
      try {
        const answer = await fetch(data.live, { cache: "no-store" });
        if (answer.ok) {
          const next = await answer.json();
          if (shape(next) !== shape(data)) {
            data = { ...next, live: data.live };
            draw();
            fill();
          }
        }
      } catch {
        // The server stopped: the page keeps what it has.
      }
      setTimeout(poll, 500);
    };
    setTimeout(poll, 500);
  }
})();
