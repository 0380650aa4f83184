import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { type Blocker, type Location, useBlocker } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ADMIN_BUTTON, ADMIN_PRIMARY_BUTTON, ADMIN_SAVE_BUTTON } from "./back-office-classes.ts";
import { formSnapshot } from "./form-snapshot.ts";

/**
 * A back-office form with its save bar (issue 38). The fields stay uncontrolled (the form reads
 * them when it is sent); the layout compares what the form holds with what it held when drawn or
 * last saved. While they differ the form is dirty: the save bar sticks to the foot of the window
 * and says so, leaving for another back-office page asks first (React Router's `useBlocker`), and
 * closing or reloading the tab asks the browser's own question (`beforeunload`).
 *
 * `onSave` gets the form when it is sent; it validates (with the same Zod schema as the server,
 * where the form has one) and saves, and answers `true` once saved: what the form holds is then
 * its clean state. `messages` (the outcome: an error, "saved") are drawn in the bar.
 *
 * `state` is what the form edits outside its fields (a product's variations, gallery and terms,
 * held in React state and sent with the fields): it counts towards dirty like a field does.
 */
export function FormLayout({
  onSave,
  saveLabel,
  busy,
  messages,
  state,
  className = "space-y-6",
  children,
}: {
  onSave: (form: HTMLFormElement) => Promise<boolean> | boolean;
  saveLabel: string;
  busy: boolean;
  messages?: ReactNode;
  state?: unknown;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { formRef, dirty, check, markClean, blocker, saving } = useUnsavedChanges(state);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    saving.current = true;
    void Promise.resolve(onSave(form))
      .then((saved) => {
        if (saved) markClean();
      })
      .finally(() => {
        saving.current = false;
      });
  };
  return (
    <form
      ref={formRef}
      className={className}
      onSubmit={submit}
      onInput={check}
      onChange={check}
      // After the reset has put the fields back.
      onReset={() => setTimeout(check)}
    >
      {children}
      <div
        className={
          dirty
            ? "save-bar sticky bottom-0 z-10 -mx-4 space-y-2 border-t border-stone-300 bg-white px-4 py-3 shadow-[0_-2px_6px_rgba(0,0,0,0.08)]"
            : "save-bar space-y-2"
        }
      >
        {messages}
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" disabled={busy} className={ADMIN_SAVE_BUTTON}>
            {saveLabel}
          </button>
          {dirty && <p className="text-sm font-medium text-amber-900">{t("backOffice.unsaved.notice")}</p>}
        </div>
      </div>
      <LeaveDialog blocker={blocker} />
    </form>
  );
}

/**
 * The dirty state of an uncontrolled form, and the warnings before its edits are lost: give the
 * form `formRef`, call `check` on its input, change and reset events and `markClean` once it is
 * saved; `saving` is true while a save is in flight. `state`, when given, is compared with the
 * fields (as JSON): what the form edits in React state rather than in its fields.
 * Exported for a form that draws its own save button (`FormLayout` is the usual way).
 */
export function useUnsavedChanges(state?: unknown) {
  const formRef = useRef<HTMLFormElement>(null);
  // A save in flight may navigate once done (to the new page, or the list): that is not leaving.
  const saving = useRef(false);
  const clean = useRef<string | null>(null);
  // A ref as well as state: a form that saves and then navigates must not be stopped by the
  // render that has not happened yet.
  const dirtyRef = useRef(false);
  const [dirty, setDirty] = useState(false);
  const stateJson = JSON.stringify(state ?? null);
  const stateRef = useRef(stateJson);
  stateRef.current = stateJson;
  const read = () =>
    formRef.current ? `${formSnapshot(new FormData(formRef.current))}\n${stateRef.current}` : null;
  const set = (value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  };
  // The clean state: what the form holds when first drawn.
  useEffect(() => {
    clean.current = read();
  }, []);
  const check = () => set(read() !== clean.current);
  // A change of state fires no input event on the form: compare once it is drawn.
  useEffect(() => {
    if (clean.current !== null) check();
  }, [stateJson]);
  const markClean = () => {
    clean.current = read();
    set(false);
  };
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
      dirtyRef.current &&
      !saving.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  return { formRef, dirty, check, markClean, blocker, saving };
}

/** Asks before leaving a dirty form: staying keeps the edits, leaving drops them. */
function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4"
    >
      <Modal className="w-full max-w-md rounded bg-white p-6 shadow-xl">
        <Dialog role="alertdialog" className="space-y-4 outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            {t("backOffice.unsaved.title")}
          </Heading>
          <p>{t("backOffice.unsaved.warning")}</p>
          <div className="flex justify-end gap-2">
            <Button className={ADMIN_PRIMARY_BUTTON} onPress={() => blocker.reset?.()} autoFocus>
              {t("backOffice.unsaved.stay")}
            </Button>
            <Button className={ADMIN_BUTTON} onPress={() => blocker.proceed?.()}>
              {t("backOffice.unsaved.leave")}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
