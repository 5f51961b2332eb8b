/** What other features may use of avatars anywhere: an avatar's address and its image. */
export { AvatarImage } from "./avatar-image";
export { avatarStyles, avatarUrl, DEFAULT_AVATAR_URL, isAvatarStyle } from "./look";
