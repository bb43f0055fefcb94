// User output shapes for the dashboard user screens, identical over tRPC and REST (never a password hash).

export interface UserDto {
  userID: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  roleID: number;
  roleName: string;
  createdAt: string;
}
