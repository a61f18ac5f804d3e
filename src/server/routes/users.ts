// User management (api.md §5.4) and the authorities list (§5.3). Handlers live in src/server/users/.
import { Router } from '../http/router';
import { createUser } from '../users/user-create';
import { getUser, getUserRoles, listAuthorities, listUsers } from '../users/user-read-handlers';
import { deleteUser, updateUser, updateUserRoles } from '../users/user-update';

export function userRoutes(): Router {
  return new Router()
    .get('/api/users', listUsers)
    .post('/api/users', createUser)
    .put('/api/users', updateUser)
    .get('/api/users/:login', getUser)
    .delete('/api/users/:login', deleteUser)
    .get('/api/users/:login/roles', getUserRoles)
    .put('/api/users/:login/roles', updateUserRoles)
    .get('/api/authorities', listAuthorities);
}
