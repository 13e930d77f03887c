import { initialsOf, pictureSrc } from '../model/profile-format.ts';

/**
 * The profile picture (its alternative text is the person's name), or the initials when there is
 * none; the initials are decorative, as the name is always shown beside them.
 */
export function ProfileAvatar({
  picture,
  firstName,
  lastName,
  displayName,
}: {
  picture: string | null;
  firstName: string;
  lastName: string;
  displayName: string;
}) {
  const src = pictureSrc(picture);
  const name = displayName.trim() || [firstName, lastName].filter(Boolean).join(' ');
  if (src) {
    return (
      <img
        className="lm-avatar"
        src={src}
        alt={name}
        width={88}
        height={88}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span className="lm-avatar lm-avatar-initials" aria-hidden="true">
      {initialsOf(firstName, lastName, displayName)}
    </span>
  );
}
