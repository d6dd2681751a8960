import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useNavigate } from '@tanstack/react-router';
import { useLogout } from '../features/auth/useAuth';

/** The avatar menu's popup (loaded on first open). */
export default function AccountMenu({ anchor, onClose }: { anchor: HTMLElement; onClose(): void }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      <MenuItem
        onClick={() => {
          onClose();
          void navigate({ to: '/account' });
        }}
      >
        Account
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          void logout();
        }}
      >
        Logout
      </MenuItem>
    </Menu>
  );
}
