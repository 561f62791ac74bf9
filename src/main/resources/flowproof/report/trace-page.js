(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("trace-data").textContent);
  var SVG = "http://www.w3.org/2000/svg";
  var last = data.states.length - 1;
  var current = last;
  var timer = null;

  var longest = 1;
  data.states.forEach(function (s) {
    s.packets.forEach(function (p) {
      p.forEach(function (name) { longest = Math.max(longest, name.length); });
    });
  });
  var slotW = Math.max(16, longest * 7 + 8);
  var slotH = 18;

  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function text(parent, x, y, s, attrs) {
    var t = el("text", Object.assign({x: x, y: y}, attrs || {}), parent);
    t.textContent = s;
    return t;
  }
  function hue(name) {
    var h = 0;
    for (var i = 0; i < name.length; i++) { h = (h * 31 + name.charCodeAt(i)) % 360; }
    return "hsl(" + ((h * 47) % 360) + ",70%,80%)";
  }

  function header() {
    var hd = document.getElementById("header");
    var lines = data.header.concat([data.model, "property: " + data.property + "; " + (data.steps.length) + " "
      + data.unit + (data.steps.length === 1 ? "" : "s") + " from the empty network"]);
    lines.forEach(function (l) {
      var p = document.createElement("p");
      p.textContent = l;
      hd.appendChild(p);
    });
    if (data.refused) {
      var p = document.createElement("p");
      p.className = "refused";
      p.textContent = "the replay stopped: " + data.refused;
      hd.appendChild(p);
    }
    document.getElementById("legend").textContent = "legend: " + data.legend
      + "; in the picture a green box is the queue the packet entered (the packet itself outlined), a dashed one "
      + "the queue it left; red boxes and arrows the waiting cycle at the end";
  }

  function draw(i) {
    var state = data.states[i];
    var pic = document.getElementById("picture");
    pic.textContent = "";
    var maxW = data.capacity * slotW;
    var w = data.width + maxW;
    var h = data.height + 20;
    var svg = el("svg", {id: "network", width: w, height: h, viewBox: (-maxW / 2) + " -10 " + w + " " + h,
      "font-size": 11}, pic);
    var defs = el("defs", {}, svg);
    var m = el("marker", {id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6,
      orient: "auto-start-reverse"}, defs);
    el("path", {d: "M0,0 L10,5 L0,10 z", fill: "#999"}, m);
    var mr = el("marker", {id: "arrow-red", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6,
      orient: "auto-start-reverse"}, defs);
    el("path", {d: "M0,0 L10,5 L0,10 z", fill: "#d00"}, mr);
    data.channels.forEach(function (c) {
      var k = c.curve;
      var p = el("path", {d: "M" + k[0] + "," + k[1] + " Q" + k[2] + "," + k[3] + " " + k[4] + "," + k[5],
        fill: "none", stroke: "#bbb", "stroke-width": 1.5, "marker-end": "url(#arrow)", "class": "channel"}, svg);
      el("title", {}, p).textContent = c.name;
    });
    data.nodes.forEach(function (n) {
      el("circle", {cx: n.x, cy: n.y, r: 16, fill: n.endpoint ? "#e8f0ff" : "#eee", stroke: "#666", "class": "node"}, svg);
      text(svg, n.x, n.y + 4, n.name, {"text-anchor": "middle", "font-weight": "bold"});
    });
    var moved = {}, left = {};
    if (i > 0) {
      data.steps[i - 1].moves.forEach(function (mv) {
        if (mv.to >= 0 && mv.kind !== "drift") { moved[mv.to] = (moved[mv.to] || 0) + 1; }
        if (mv.from >= 0) { left[mv.from] = true; }
      });
    }
    var onCycle = {};
    if (i === last && !data.refused) {
      data.cycle.forEach(function (q) { onCycle[q] = true; });
    }
    data.queues.forEach(function (q, qi) {
      var packets = state.packets[qi];
      var cls = "queue" + (moved[qi] ? " moved" : left[qi] ? " left" : "") + (onCycle[qi] ? " on-cycle" : "");
      var g = el("g", {"class": cls, "data-queue": qi, "data-name": q.name}, svg);
      el("title", {}, g).textContent = q.name + (state.owner && state.owner[qi] ? " (allocated to " + state.owner[qi] + ")" : "");
      var x0 = q.x - maxW / 2;
      var y0 = q.y - slotH / 2;
      el("rect", {x: x0, y: y0, width: maxW, height: slotH, "class": "box"}, g);
      var free = data.capacity - packets.length;
      for (var s = 0; s < data.capacity; s++) {
        var x = x0 + s * slotW;
        if (s < packets.length) {
          var isMoved = moved[qi] && s >= packets.length - moved[qi];
          var r = el("rect", {x: x + 1, y: y0 + 1, width: slotW - 2, height: slotH - 2, fill: hue(packets[s]),
            "class": "packet" + (isMoved ? " moved" : ""), "data-label": packets[s]}, g);
          text(g, x + slotW / 2, y0 + 13, packets[s], {"text-anchor": "middle"});
        } else {
          var critical = (s - packets.length) >= free - state.marks[qi];
          text(g, x + slotW / 2, y0 + 13, critical ? "*" : ".", {"text-anchor": "middle", fill: "#888",
            "class": critical ? "slot critical" : "slot"});
        }
        if (s > 0) { el("line", {x1: x, y1: y0, x2: x, y2: y0 + slotH, stroke: "#ccc"}, g); }
      }
      if (state.owner && state.owner[qi]) {
        text(g, x0 - 3, y0 + 13, state.owner[qi] + ":", {"text-anchor": "end", fill: "#444"});
      }
    });
    if (i === last && !data.refused && data.cycle.length > 0) {
      for (var c = 0; c < data.cycle.length; c++) {
        var a = data.queues[data.cycle[c]], b = data.queues[data.cycle[(c + 1) % data.cycle.length]];
        var dx = b.x - a.x, dy = b.y - a.y, len = Math.max(1e-9, Math.hypot(dx, dy));
        var sx = a.x + dx / len * 14, sy = a.y + dy / len * 14, ex = b.x - dx / len * 14, ey = b.y - dy / len * 14;
        var cx = (sx + ex) / 2 - dy / len * 0.15 * len, cy = (sy + ey) / 2 + dx / len * 0.15 * len;
        el("path", {d: "M" + sx + "," + sy + " Q" + cx + "," + cy + " " + ex + "," + ey, "class": "cycle-arrow",
          "marker-end": "url(#arrow-red)"}, svg);
      }
    }
  }

  function side(i) {
    var moves = document.getElementById("moves");
    moves.textContent = "";
    var verdict = document.getElementById("verdict");
    if (i === 0) {
      var li = document.createElement("li");
      li.textContent = "(the initial state: no move yet)";
      moves.appendChild(li);
      verdict.textContent = "";
    } else {
      var verdicts = [];
      data.steps[i - 1].moves.forEach(function (mv) {
        var li = document.createElement("li");
        li.textContent = mv.text;
        moves.appendChild(li);
        if (verdicts.indexOf(mv.verdict) < 0) { verdicts.push(mv.verdict); }
      });
      verdict.textContent = verdicts.join("; ");
    }
    var fin = document.getElementById("final");
    fin.textContent = "";
    if (i === last && !data.refused) {
      var h = document.createElement("h2");
      h.textContent = "The end: " + data.property + " is violated";
      fin.appendChild(h);
      var p = document.createElement("p");
      p.textContent = "What every queue head waits for (the rule " + data.rule + " judges each request):";
      fin.appendChild(p);
      var ul = document.createElement("ul");
      ul.id = "waits";
      data.waits.forEach(function (w) {
        var li = document.createElement("li");
        var q = data.queues[w.queue].name;
        if (w.exits) {
          li.textContent = q + ": head " + w.head + " is at its destination and leaves the network here";
        } else {
          var parts = w.targets.map(function (t) {
            return data.queues[t.queue].name + " " + (t.admitted ? "admitted" : t.full ? "refused (full)"
              : "refused by the rule");
          });
          li.textContent = q + ": head " + w.head + (w.canMove ? " can move: " : " waits: ") + parts.join(", ");
          if (!w.canMove) { li.className = "blocked"; }
        }
        ul.appendChild(li);
      });
      if (data.waits.length === 0) {
        var li = document.createElement("li");
        li.textContent = data.states[last].packetCount === 0 ? "(no packet in the network)"
          : "(not computed under wormhole: see the state below)";
        ul.appendChild(li);
      }
      fin.appendChild(ul);
      var cyc = document.createElement("p");
      cyc.id = "cycle";
      cyc.className = "blocked";
      cyc.textContent = data.cycle.length > 0 ? "waiting cycle: " + data.cycle.map(function (q) {
        return data.queues[q].name;
      }).join(" => ") + " => (back to the first)" : "no waiting cycle among the blocked heads";
      fin.appendChild(cyc);
    }
    document.getElementById("state-text").textContent = data.states[i].text;
    document.getElementById("step").textContent = (data.unit === "move" ? "step " : "cycle ") + i + " of " + last
      + (i === 0 ? " (initial state)" : i === last ? " (final state)" : "");
    document.getElementById("first").disabled = i === 0;
    document.getElementById("back").disabled = i === 0;
    document.getElementById("forward").disabled = i === last;
    document.getElementById("last").disabled = i === last;
  }

  function show(i) {
    current = Math.max(0, Math.min(last, i));
    document.body.setAttribute("data-step", current);
    draw(current);
    side(current);
  }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    document.getElementById("play").textContent = "\u25B6 play";
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (current === last) { show(0); }
    document.getElementById("play").textContent = "\u23F8 pause";
    timer = setInterval(function () {
      if (current >= last) { stop(); } else { show(current + 1); }
    }, 900);
  }
  document.getElementById("first").onclick = function () { stop(); show(0); };
  document.getElementById("back").onclick = function () { stop(); show(current - 1); };
  document.getElementById("forward").onclick = function () { stop(); show(current + 1); };
  document.getElementById("last").onclick = function () { stop(); show(last); };
  document.getElementById("play").onclick = play;
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowLeft") { stop(); show(current - 1); e.preventDefault(); }
    else if (e.key === "ArrowRight") { stop(); show(current + 1); e.preventDefault(); }
    else if (e.key === "Home") { stop(); show(0); e.preventDefault(); }
    else if (e.key === "End") { stop(); show(last); e.preventDefault(); }
    else if (e.key === " ") { play(); e.preventDefault(); }
  });
  header();
  show(last);
  document.body.setAttribute("data-ready", "true");
}());
