import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { useRestChange } from "../use-rest-change.tsx";
import { deletion, type InUse, inUseOf } from "./attribute-requests.ts";

export type RestChange = ReturnType<typeof useRestChange>;

/** A deletion products stood in the way of: what it was, where, and the products it names. */
export type Refusal = InUse & { name: string; path: string };

/**
 * Deleting an attribute or a term: asked first without force. When products use it, the server's
 * refusal names them; it is kept (not announced as an error) so the page can list them and offer
 * to take it from them and delete it (`force`). Any other refusal is announced as usual.
 */
export function useDeletion(change: RestChange) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  function remove(name: string, path: string, force = false): Promise<boolean> {
    setRefusal(null);
    return change.send(deletion(path, force), t("backOffice.attributes.deleted", { name }), (failure) => {
      const inUse = inUseOf(failure);
      if (inUse) setRefusal({ ...inUse, name, path });
      return inUse !== null;
    });
  }

  return { refusal, remove };
}

export type Deletion = ReturnType<typeof useDeletion>;
