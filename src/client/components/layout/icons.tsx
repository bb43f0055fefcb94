// Inline SVG icons (decorative: the buttons around them carry the accessible names).
import type { SVGProps } from 'react';

function Svg(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

export const HeartIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.2 4.5c2 0 3.5 1.1 4.8 2.8 1.3-1.7 2.8-2.8 4.8-2.8 3.3 0 5.6 3.1 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4z" />
  </Svg>
);
export const BagIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M5 8h14l-1.2 12.2a1 1 0 0 1-1 .8H7.2a1 1 0 0 1-1-.8L5 8z" />
    <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
  </Svg>
);
export const SearchIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Svg>
);
export const MenuIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);
export const CloseIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);
export const ChevronDownIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg width="16" height="16" {...p}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);
export const ChevronLeftIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M15 5l-7 7 7 7" />
  </Svg>
);
export const ChevronRightIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M9 5l7 7-7 7" />
  </Svg>
);
export const UserIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.2-4 4.3-6 8-6s6.8 2 8 6" />
  </Svg>
);
export const ChatIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg width="26" height="26" {...p}>
    <path d="M12 3C7 3 3 6.6 3 11.1c0 2.5 1.2 4.8 3.2 6.3V21l3.1-1.7c.9.2 1.8.4 2.7.4 5 0 9-3.6 9-8.1S17 3 12 3z" />
    <path d="M7.5 13l3-3.2 2.2 2.2 3.8-2.9-3 3.3-2.2-2.2z" fill="currentColor" />
  </Svg>
);
export const PauseIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg width="18" height="18" {...p}>
    <path d="M8 5v14M16 5v14" strokeWidth="2.4" />
  </Svg>
);
export const PlayIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg width="18" height="18" {...p}>
    <path d="M7 5l12 7-12 7z" fill="currentColor" />
  </Svg>
);
export const FilterIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg width="18" height="18" {...p}>
    <path d="M4 6h16M7 12h10M10 18h4" />
  </Svg>
);
export const PinIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg width="18" height="18" {...p}>
    <path d="M12 21s-6.5-6.1-6.5-11A6.5 6.5 0 0 1 18.5 10c0 4.9-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.3" />
  </Svg>
);
export const PhoneIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg width="18" height="18" {...p}>
    <path d="M5 4h3.5l1.8 4.4-2.2 1.4a11 11 0 0 0 6.1 6.1l1.4-2.2L20 15.5V19a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z" />
  </Svg>
);
export const MailIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg width="18" height="18" {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5L12 13l8.5-6.5" />
  </Svg>
);
export const ClockIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg width="18" height="18" {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Svg>
);
export const InstagramIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.3" cy="6.7" r="0.8" fill="currentColor" />
  </Svg>
);
export const FacebookIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M14 8.5h2.5V5H14c-2.2 0-3.8 1.7-3.8 3.9V11H8v3.4h2.2V21h3.4v-6.6h2.6l.5-3.4h-3.1V9.3c0-.5.3-.8.8-.8z" />
  </Svg>
);
export const TiktokIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.4 2.6 2.2 4.4 5 4.6" />
  </Svg>
);
