public enum Fixture {}
