import { useTranslation } from "../../../i18n/use-translation.ts";
import type { MediaChoice } from "../products/product-form.tsx";

/**
 * Pictures of the media library to choose several of, in the order they are chosen (a product's
 * gallery, a gallery block): checkboxes named by the pictures, each chosen one numbered.
 */
export function MediaPicker({
  media,
  chosen,
  onChange,
}: {
  media: MediaChoice[];
  chosen: number[];
  onChange: (chosen: number[]) => void;
}) {
  const { t } = useTranslation();
  if (media.length === 0) return <p>{t("backOffice.media.empty")}</p>;
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
      {media.map((item) => {
        const position = chosen.indexOf(item.id);
        return (
          <li key={item.id}>
            <label className="block text-xs">
              {item.thumbnail && (
                <img
                  src={item.thumbnail}
                  alt=""
                  loading="lazy"
                  className="mb-1 aspect-square w-full rounded object-cover"
                />
              )}
              <input
                type="checkbox"
                checked={position >= 0}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...chosen, item.id] : chosen.filter((each) => each !== item.id),
                  )
                }
              />{" "}
              {item.name}
              {position >= 0 && ` (${position + 1})`}
            </label>
          </li>
        );
      })}
    </ul>
  );
}
