import { UserForm } from './UserForm';

export function Component() {
  return <UserForm />;
}
