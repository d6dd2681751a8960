import Button, { type ButtonProps } from '@mui/material/Button';
import CardActionArea, { type CardActionAreaProps } from '@mui/material/CardActionArea';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import Tab, { type TabProps } from '@mui/material/Tab';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

// MUI components rendered as type-checked router links (params and search checked against the routes).

export const ButtonLink = createLink(
  forwardRef<HTMLAnchorElement, ButtonProps<'a'>>((props, ref) => <Button ref={ref} component="a" {...props} />),
);
export const CardActionAreaLink = createLink(
  forwardRef<HTMLAnchorElement, CardActionAreaProps<'a'>>((props, ref) => <CardActionArea ref={ref} component="a" {...props} />),
);
export const TabLink = createLink(forwardRef<HTMLAnchorElement, TabProps<'a'>>((props, ref) => <Tab ref={ref} component="a" {...props} />));
export const TextLink = createLink(forwardRef<HTMLAnchorElement, MuiLinkProps>((props, ref) => <MuiLink ref={ref} {...props} />));
export const IconButtonLink = createLink(
  forwardRef<HTMLAnchorElement, IconButtonProps<'a'>>((props, ref) => <IconButton ref={ref} component="a" {...props} />),
);
export const ListItemButtonLink = createLink(
  forwardRef<HTMLAnchorElement, ListItemButtonProps<'a'>>((props, ref) => <ListItemButton ref={ref} component="a" {...props} />),
);

// The one way the client builds a link to a studio or an artist: by slug when the record has one,
// else by id (/studio/id/{id}, /artist/id/{id}). The server builds its links (notifications) with the same functions.
export { artistPath } from '../../server/domains/artists/rules';
export { studioPath } from '../../server/domains/studios/rules';
