import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AttributionForm, AttributionInputs } from "./attribution-inputs.tsx";

describe("attribution inputs", () => {
  it("render one hidden input per field, blank, once per form however often they appear", () => {
    const html = renderToStaticMarkup(
      <form>
        <AttributionForm>
          <AttributionInputs />
          <AttributionInputs />
        </AttributionForm>
      </form>,
    );
    const names = [...html.matchAll(/name="(wc_order_attribution_[a-z_]+)" value=""/g)].map((m) => m[1]);
    expect(names).toHaveLength(16);
    expect(new Set(names).size).toBe(16);
    expect(names).toContain("wc_order_attribution_source_type");
    expect(names).toContain("wc_order_attribution_user_agent");
    // All of them inside the one element WooCommerce's script fills.
    expect(html.match(/<wc-order-attribution-inputs>/g)).toHaveLength(1);
    const inside = html.match(/<wc-order-attribution-inputs>(.*)<\/wc-order-attribution-inputs>/)?.[1] ?? "";
    expect(inside.match(/name="wc_order_attribution_/g)).toHaveLength(16);
  });

  it("render separately in each form", () => {
    const html = renderToStaticMarkup(
      <>
        <AttributionForm>
          <AttributionInputs />
        </AttributionForm>
        <AttributionForm>
          <AttributionInputs />
        </AttributionForm>
      </>,
    );
    expect(html.match(/wc_order_attribution_referrer/g)).toHaveLength(2);
  });
});
