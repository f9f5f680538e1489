import { SVGProps } from 'react';

/*
 * The few icons the plugin draws, as plain SVG (the Material Design icon paths the
 * plugin used through @material-ui/icons, Apache-2.0), so it needs no MUI package.
 * Sized like MUI's SvgIcon: 1.5rem, or 1.25rem when small; they take the text colour.
 */

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  fontSize?: 'small' | 'medium';
};

const icon = (path: string, name: string) => {
  const Icon = ({ fontSize = 'medium', style, ...rest }: IconProps) => (
    <svg
      viewBox="0 0 24 24"
      focusable="false"
      aria-hidden
      fill="currentColor"
      style={{
        width: '1em',
        height: '1em',
        fontSize: fontSize === 'small' ? '1.25rem' : '1.5rem',
        flexShrink: 0,
        display: 'inline-block',
        ...style,
      }}
      {...rest}
    >
      <path d={path} />
    </svg>
  );
  Icon.displayName = `${name}Icon`;
  return Icon;
};

export const AssessmentIcon = icon(
  'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zM9 17H7v-7h2v7zm4 0h-2V7h2v10zm4 0h-2v-4h2v4z',
  'Assessment',
);
export const RefreshIcon = icon(
  'M17.65 6.35C16.2 4.9 14.21 4 12 4c-4.42 0-7.99 3.58-7.99 8s3.57 8 7.99 8c3.73 0 6.84-2.55 7.73-6h-2.08c-.82 2.33-3.04 4-5.65 4-3.31 0-6-2.69-6-6s2.69-6 6-6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z',
  'Refresh',
);
export const DownloadIcon = icon(
  'M19 9h-4V3H9v6H5l7 7 7-7zM5 18v2h14v-2H5z',
  'Download',
);
export const SearchIcon = icon(
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z',
  'Search',
);
export const CloseIcon = icon(
  'M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
  'Close',
);
export const ChevronLeftIcon = icon(
  'M15.41 7.41L14 6l-6 6 6 6 1.41-1.41L10.83 12z',
  'ChevronLeft',
);
export const ChevronRightIcon = icon(
  'M10 6L8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
  'ChevronRight',
);
