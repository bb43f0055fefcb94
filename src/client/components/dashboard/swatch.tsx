// A colour's dot on the staff screens; "no colour" (decision 216) is an empty dashed dot.
import { isNoColour } from '#shared/colours';

export function Swatch({ colour, large }: { colour: { hexCode: string } | undefined; large?: boolean }) {
  const none = colour !== undefined && isNoColour(colour);
  const classes = `dash-swatch${large ? ' dash-swatch--lg' : ''}${none ? ' dash-swatch--none' : ''}`;
  return (
    <span
      className={classes}
      style={{ background: none ? undefined : (colour?.hexCode ?? 'transparent') }}
      aria-hidden="true"
    />
  );
}
