import { css } from '@emotion/react';
import { Logo } from '../../design/logo.tsx';
import { colors, space } from '../../design/theme.ts';
import type { BlockProps } from '../../runtime/define-block.ts';
import { useSite } from '../../runtime/page-context.tsx';
import type { navbarSchema } from './navbar.schema.ts';

export type NavbarProps = BlockProps<typeof navbarSchema>;

const bar = css`
  border-bottom: 1px solid ${colors.line};
  background: ${colors.surface};
`;

const inner = (align: NavbarProps['align']) => css`
  display: flex;
  align-items: center;
  justify-content: ${align === 'center' ? 'center' : 'flex-start'};
  min-height: 72px;
  padding-top: ${space(1)};
  padding-bottom: ${space(1)};
`;

const logoLink = css`
  display: inline-flex;
  border-radius: 8px;
`;

export default function Navbar({ logoHref, align }: NavbarProps) {
  const site = useSite();
  return (
    <header css={bar}>
      <div className="container" css={inner(align)}>
        <a href={logoHref} css={logoLink} aria-label={`${site.brand}: página inicial`}>
          <Logo height={40} title={site.brand} />
        </a>
      </div>
    </header>
  );
}
