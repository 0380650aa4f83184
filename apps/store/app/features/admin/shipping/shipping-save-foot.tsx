import { ADMIN_SAVE_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { Announcement, type useRestChange } from "../use-rest-change.tsx";

/** A shipping form's foot (a zone's, a method's): the change's announcement, then its save button. */
export function ShippingSaveFoot({
  change,
  name,
  label,
}: {
  change: ReturnType<typeof useRestChange>;
  /** The announcement's class prefix (`{name}-message`), as the page's tests find it. */
  name: string;
  label: string;
}) {
  return (
    <>
      <Announcement message={change.message} name={name} />
      <button type="submit" className={ADMIN_SAVE_BUTTON} disabled={change.busy}>
        {label}
      </button>
    </>
  );
}
