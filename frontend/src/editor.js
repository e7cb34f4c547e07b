// Kernelscope code editor: CodeMirror 6 set up for Python snippets, bundled by build.mjs into dist/editor.js.
// createEditor() is the editable snippet box (Mod-Enter runs); createReadOnlyViewer() shows a run's snippet
// with lines linked to kernels. Both return the same handle: getCode, setCode, highlightLines, markError, markBreaks,
// onLineClick, focus, destroy, and the underlying `view`.
import { basicSetup, minimalSetup } from "codemirror";
import { EditorView, Decoration, keymap, lineNumbers } from "@codemirror/view";
import { EditorState, StateEffect, StateField, Prec } from "@codemirror/state";
import { indentWithTab } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";

// A set of 1-based lines carrying one CSS class (a line decoration). Its effect replaces the whole set;
// edits map the decorations along with the text.
function lineClassField(className) {
  const set = StateEffect.define();
  const mark = Decoration.line({ class: className });
  const field = StateField.define({
    create: () => Decoration.none,
    update(decos, tr) {
      decos = decos.map(tr.changes);
      for (const effect of tr.effects) {
        if (!effect.is(set)) continue;
        const doc = tr.state.doc;
        const lines = [...new Set(effect.value)]
          .filter((n) => Number.isInteger(n) && n >= 1 && n <= doc.lines)
          .sort((a, b) => a - b);
        decos = Decoration.set(lines.map((n) => mark.range(doc.line(n).from)));
      }
      return decos;
    },
    provide: (f) => EditorView.decorations.from(f),
  });
  return { field, set };
}

const linked = lineClassField("cm-ks-linked");
const error = lineClassField("cm-ks-error");

// Graph breaks: each marked line carries its reasons as a tooltip (title) and for screen
// readers (aria-label is not read on a line, so the reason also goes into data-break).
const setBreaks = StateEffect.define();
const breaks = StateField.define({
  create: () => Decoration.none,
  update(decos, tr) {
    decos = decos.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setBreaks)) continue;
      const doc = tr.state.doc;
      const byLine = new Map();
      for (const { line, reason } of effect.value) {
        if (!Number.isInteger(line) || line < 1 || line > doc.lines) continue;
        byLine.set(line, [...(byLine.get(line) ?? []), reason]);
      }
      decos = Decoration.set([...byLine.keys()].sort((a, b) => a - b).map((line) => {
        const title = `graph break: ${byLine.get(line).join("; ")}`;
        return Decoration.line({ class: "cm-ks-break", attributes: { title, "data-break": title } })
          .range(doc.line(line).from);
      }));
    }
    return decos;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// Default colours; the page can override them with e.g. `.cm-editor .cm-ks-linked { ... }`.
const theme = EditorView.baseTheme({
  ".cm-ks-linked": { backgroundColor: "rgba(255, 200, 0, 0.22)" },
  ".cm-ks-error": { backgroundColor: "rgba(255, 60, 60, 0.25)" },
  ".cm-ks-break": { boxShadow: "inset 3px 0 0 #b42318", backgroundColor: "rgba(180, 35, 24, 0.08)" },
});

// Builds the view and the handle shared by both constructors; `extensions` holds what differs.
function mount(parent, doc, extensions) {
  const clickListeners = new Set();
  const emitClick = (view, pos) => {
    const line = view.state.doc.lineAt(pos).number;
    for (const cb of clickListeners) cb(line);
  };
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        extensions,
        python(),
        linked.field,
        error.field,
        breaks,
        theme,
        EditorView.contentAttributes.of({ "aria-label": "Snippet code" }),
        // Clicks on a line number (merged into the line-number gutter's config) ...
        lineNumbers({
          domEventHandlers: {
            click(view, block) {
              emitClick(view, block.from);
              return false;
            },
          },
        }),
        // ... and clicks in the text (nearest position, so clicks past the end of a line count).
        EditorView.domEventHandlers({
          click(event, view) {
            const pos = view.posAtCoords({ x: event.clientX, y: event.clientY }, false);
            if (pos != null) emitClick(view, pos);
            return false;
          },
        }),
      ],
    }),
  });

  return {
    view,
    getCode: () => view.state.doc.toString(),
    // Replaces the whole text; old highlights would no longer match, so they are cleared.
    setCode(text) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: String(text ?? "") },
        effects: [linked.set.of([]), error.set.of([]), setBreaks.of([])],
      });
    },
    highlightLines(lines) {
      view.dispatch({ effects: linked.set.of(Array.from(lines ?? [])) });
    },
    markError(line) {
      const doc = view.state.doc;
      const valid = Number.isInteger(line) && line >= 1 && line <= doc.lines;
      const effects = [error.set.of(valid ? [line] : [])];
      if (valid) effects.push(EditorView.scrollIntoView(doc.line(line).from, { y: "center" }));
      view.dispatch({ effects });
    },
    // [{line, reason}]: each line marked, its reasons on hover; [] clears them.
    markBreaks(list) {
      view.dispatch({ effects: setBreaks.of(Array.from(list ?? [])) });
    },
    // Returns a function that removes the callback.
    onLineClick(callback) {
      clickListeners.add(callback);
      return () => clickListeners.delete(callback);
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}

// Editable snippet box. Mod-Enter (Ctrl+Enter / Cmd+Enter) calls onRun; without onRun it falls through
// to the default binding (insert a blank line).
export function createEditor(parent, { doc = "", onRun = null } = {}) {
  return mount(parent, doc, [
    Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => runWith(onRun) }])),
    basicSetup,
    keymap.of([indentWithTab]),
  ]);
}

// A key binding's command: true when it handled the key, so no other binding runs.
function runWith(onRun) {
  if (!onRun) return false;
  onRun();
  return true;
}

// Read-only Python viewer with line numbers (no editing, no autocomplete/search UI).
export function createReadOnlyViewer(parent, { doc = "" } = {}) {
  return mount(parent, doc, [minimalSetup, EditorState.readOnly.of(true), EditorView.editable.of(false)]);
}
