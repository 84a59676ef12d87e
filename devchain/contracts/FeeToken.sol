// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// An ERC-20 that takes 2% of every transfer for a collector, so what the recipient receives is
/// less than what the sender sends: the preview must show the real amounts, not the form's.
/// Local demo chain only: the deployer can mint freely.
contract FeeToken {
    uint256 public constant FEE_BPS = 200;

    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public immutable minter;
    address public immutable feeCollector;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, address feeCollector_) {
        name = name_;
        symbol = symbol_;
        minter = msg.sender;
        feeCollector = feeCollector_;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == minter, "FeeToken: only minter");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "ERC20: transfer amount exceeds balance");
        uint256 fee = (value * FEE_BPS) / 10_000;
        balanceOf[from] = balance - value;
        balanceOf[to] += value - fee;
        emit Transfer(from, to, value - fee);
        if (fee > 0) {
            balanceOf[feeCollector] += fee;
            emit Transfer(from, feeCollector, fee);
        }
    }
}
